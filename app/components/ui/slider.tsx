import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * Radix Slider: one thumb per value, arrow keys / Page Up / Page Down / Home / End.
 * `thumbLabels[i]` is the accessible name of thumb i (required for axe); `valueText(v)` its spoken value.
 */
export function Slider({
  className,
  thumbLabels,
  valueText,
  value,
  defaultValue,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & {
  thumbLabels: string[];
  valueText?: (value: number) => string;
}) {
  const values = value ?? defaultValue ?? [props.min ?? 0];
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      className={cn(
        "relative flex w-full touch-none items-center py-2 select-none data-disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full bg-brand-600" />
      </SliderPrimitive.Track>
      {values.map((thumbValue, index) => (
        <SliderPrimitive.Thumb
          key={index}
          aria-label={thumbLabels[index]}
          aria-valuetext={valueText?.(thumbValue)}
          className="block size-5 cursor-grab rounded-full border-2 border-brand-700 bg-white shadow-sm transition-shadow hover:ring-4 hover:ring-brand-200 focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:outline-none active:cursor-grabbing"
        />
      ))}
    </SliderPrimitive.Root>
  );
}

import { cn } from "~/lib/utils";

/*
 * A price range: two native `<input type="range">` on one track. Each thumb is a real slider
 * (arrow keys, Page Up / Page Down, Home / End, touch, screen readers) with its own name, and
 * the pair costs no library: the Radix slider it replaces was ~10 KB gzip on every list page.
 * The inputs ignore the pointer except on their thumbs, so both thumbs can be dragged.
 */
const THUMB = [
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-sm",
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 [&::-moz-range-thumb]:bg-white [&::-moz-range-thumb]:shadow-sm",
  "hover:[&::-webkit-slider-thumb]:ring-4 hover:[&::-webkit-slider-thumb]:ring-brand-200 focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-brand-300",
  "hover:[&::-moz-range-thumb]:ring-4 hover:[&::-moz-range-thumb]:ring-brand-200 focus-visible:[&::-moz-range-thumb]:ring-4 focus-visible:[&::-moz-range-thumb]:ring-brand-300",
].join(" ");

export function Slider({
  min,
  max,
  step = 1,
  value,
  onValueChange,
  thumbLabels,
  valueText,
  className,
}: {
  min: number;
  max: number;
  step?: number;
  /** The low and the high end. */
  value: readonly [number, number];
  onValueChange: (value: [number, number]) => void;
  /** Accessible names of the low and the high thumb (required for axe). */
  thumbLabels: readonly [string, string];
  /** What a screen reader says for a value. */
  valueText?: (value: number) => string;
  className?: string;
}) {
  const [low, high] = value;
  const percent = (at: number) => ((at - min) / (max - min)) * 100;
  const input = (index: 0 | 1) => {
    const current = value[index];
    return (
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={current}
        aria-label={thumbLabels[index]}
        aria-valuetext={valueText?.(current)}
        onChange={(event) => {
          const next = Number(event.currentTarget.value);
          // A thumb never passes the other one.
          onValueChange(index === 0 ? [Math.min(next, high), high] : [low, Math.max(next, low)]);
        }}
        // Where the thumbs meet, the one that can still move that way is on top.
        style={index === 0 && low > (min + max) / 2 ? { zIndex: 1 } : undefined}
        className={cn(
          "pointer-events-none absolute inset-0 h-full w-full appearance-none bg-transparent focus-visible:outline-none",
          THUMB,
        )}
      />
    );
  };
  return (
    <div className={cn("relative h-9 w-full touch-none select-none", className)}>
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200"
      />
      <div
        aria-hidden="true"
        className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-600"
        style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
      />
      {input(0)}
      {input(1)}
    </div>
  );
}

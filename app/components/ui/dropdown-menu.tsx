import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { withClassName } from "./styled";

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 origin-(--radix-dropdown-menu-content-transform-origin) overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item> & { variant?: "default" | "destructive" }) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        "relative flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm outline-none select-none data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
        variant === "destructive"
          ? "text-red-700 data-highlighted:bg-red-50 [&_svg]:text-red-700"
          : "text-slate-800 data-highlighted:bg-brand-50 data-highlighted:text-slate-900 [&_svg]:text-slate-500",
        className,
      )}
      {...props}
    />
  );
}

export const DropdownMenuLabel = withClassName(
  DropdownMenuPrimitive.Label,
  "px-2.5 py-2 text-sm font-semibold",
);
export const DropdownMenuSeparator = withClassName(
  DropdownMenuPrimitive.Separator,
  "-mx-1.5 my-1.5 h-px bg-slate-200",
);

import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button";
import {
  centredModalClassName,
  ModalFooter,
  modalTitleClassName,
  overlayClassName,
  withClassName,
} from "./styled";

/**
 * A confirmation before something irreversible (Radix AlertDialog): role "alertdialog",
 * focus starts on Cancel, a click outside does not dismiss it, Escape does.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClassName} />
      <AlertDialogPrimitive.Content
        className={cn(centredModalClassName, "max-w-md", className)}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = withClassName("div", "flex flex-col gap-1.5");
export const AlertDialogFooter = ModalFooter;
export const AlertDialogTitle = withClassName(AlertDialogPrimitive.Title, modalTitleClassName);
export const AlertDialogDescription = withClassName(
  AlertDialogPrimitive.Description,
  "text-sm text-slate-700",
);

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={buttonVariants({ variant: "outline", className })}
      {...props}
    />
  );
}

/** A confirmation's content: its title and description, then «Cancelar» and the action (`children`). */
export function AlertDialogConfirmContent(props: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{props.title}</AlertDialogTitle>
        <AlertDialogDescription>{props.description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancelar</AlertDialogCancel>
        {props.children}
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

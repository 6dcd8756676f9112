import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { useRef, useState, type ReactNode } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { AlertDialog, AlertDialogConfirmContent } from "~/components/ui/alert-dialog";
import { Button, buttonVariants, type ButtonProps } from "~/components/ui/button";

/**
 * A button that posts `fields` to the page's action after the admin confirms in an alert
 * dialog (deletions). The button is a real submit button of a real form, so it still works
 * before the page's JavaScript has loaded; once it has, the click opens the confirmation.
 */
export function ConfirmSubmit({
  fields,
  title,
  description,
  confirmLabel = "Eliminar",
  children,
  ...buttonProps
}: {
  /** Hidden inputs of the form, e.g. `{ intent: "delete", id: "12" }`. */
  fields: Record<string, string>;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  /** The trigger button's content. */
  children: ReactNode;
} & Omit<ButtonProps, "type" | "onClick" | "children">) {
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === fields.id;
  return (
    <Form method="post" ref={formRef} className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          disabled={busy}
          {...buttonProps}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </Button>
        <AlertDialogConfirmContent title={title} description={description}>
          <AlertDialogPrimitive.Action
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => {
              if (formRef.current) void submit(formRef.current, { preventScrollReset: true });
            }}
          >
            {confirmLabel}
          </AlertDialogPrimitive.Action>
        </AlertDialogConfirmContent>
      </AlertDialog>
    </Form>
  );
}

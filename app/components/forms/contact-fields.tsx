import { LIMITS } from "~/lib/constants";
import { LightField } from "./light-form";

/**
 * «Nombre» and «Correo electrónico» of the shop's public forms (contact, service request): the
 * same inputs, limits and autocomplete wherever a visitor tells us who they are.
 */
export function NameEmailFields({
  form,
  valueOf,
}: {
  form: { prefix: string; errors: Record<string, string[] | null | undefined> };
  valueOf: (name: "name" | "email") => string | undefined;
}) {
  return (
    <>
      <LightField form={form} name="name" label="Nombre">
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.maxNameLength}
            defaultValue={valueOf("name")}
          />
        )}
      </LightField>
      <LightField form={form} name="email" label="Correo electrónico">
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.maxEmailLength}
            defaultValue={valueOf("email")}
          />
        )}
      </LightField>
    </>
  );
}

import type { z } from "zod";
import type { Route } from "./+types/settings";
import { adminMeta } from "~/components/admin/admin-meta";
import { useIntentResults } from "~/components/forms/use-intent-results";
import { dispatchIntent, failureReply, formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { invalid, ok, type Result } from "~/lib/failure";
import { pendingInvoicesIssuedText } from "~/modules/invoicing/admin-invoices";
import { issuePendingInvoices } from "~/modules/invoicing/index.server";
import {
  loadAdminSettings,
  saveGeneralSettings,
  saveLegalSettings,
  saveMaintenanceSettings,
  saveNotificationSettings,
  saveShippingSettings,
} from "~/modules/settings/admin-settings.server";
import { AdminSettingsSections } from "~/modules/settings/components/settings-page";
import {
  generalSettingsFormSchema,
  legalSettingsFormSchema,
  maintenanceSettingsFormSchema,
  notificationSettingsFormSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
  SETTINGS_PATH,
  SETTINGS_SUCCESS,
  shippingSettingsFormSchema,
  type SettingsIntent,
} from "~/modules/settings/schemas";

export const meta: Route.MetaFunction = adminMeta("Configuración");

export async function loader() {
  return loadAdminSettings();
}

const failureTitle = SETTINGS_MESSAGES.saveFailed;

/** One section's form: its schema, its save, and the success toast's text for what was saved. */
function saveSection<Schema extends z.ZodType, T extends object = object>(
  intent: SettingsIntent,
  schema: Schema,
  run: (value: z.output<Schema>) => Promise<Result<T>>,
  saved: (value: z.output<Schema>, done: T) => string,
) {
  return (formData: FormData) =>
    formAction(formData, {
      schema,
      intent,
      failureTitle,
      // A refused form says its first problem in the toast too.
      invalidToast: (errors) => ({
        title: failureTitle,
        description: Object.values(errors).flat()[0] ?? undefined,
        variant: "destructive",
      }),
      run,
      onSuccess: (done, value) => ({
        redirectTo: SETTINGS_PATH,
        toast: { title: SETTINGS_SUCCESS.title, description: saved(value, done) },
      }),
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext)!;
  return dispatchIntent(
    request,
    {
      [SETTINGS_INTENTS.general]: saveSection(
        SETTINGS_INTENTS.general,
        generalSettingsFormSchema,
        (value) => saveGeneralSettings(actor, value),
        () => SETTINGS_SUCCESS.general,
      ),
      [SETTINGS_INTENTS.maintenance]: saveSection(
        SETTINGS_INTENTS.maintenance,
        maintenanceSettingsFormSchema,
        (value) => saveMaintenanceSettings(actor, value),
        ({ enabled }) =>
          enabled ? SETTINGS_SUCCESS.maintenanceOn : SETTINGS_SUCCESS.maintenanceOff,
      ),
      [SETTINGS_INTENTS.notifications]: saveSection(
        SETTINGS_INTENTS.notifications,
        notificationSettingsFormSchema,
        (value) => saveNotificationSettings(actor, value),
        ({ newOrder }) => (newOrder ? SETTINGS_SUCCESS.newOrderOn : SETTINGS_SUCCESS.newOrderOff),
      ),
      [SETTINGS_INTENTS.legal]: saveSection(
        SETTINGS_INTENTS.legal,
        legalSettingsFormSchema,
        async (value) => {
          const saved = await saveLegalSettings(actor, value);
          if (!saved.ok) return saved;
          // Orders paid while the legal data was missing get their invoices now. Called from
          // the route: the invoicing module reads the settings module, not the other way round.
          return ok({ issued: await issuePendingInvoices() });
        },
        (_value, { issued }) =>
          issued > 0
            ? `${SETTINGS_SUCCESS.legal} ${pendingInvoicesIssuedText(issued)}`
            : SETTINGS_SUCCESS.legal,
      ),
      [SETTINGS_INTENTS.shipping]: saveSection(
        SETTINGS_INTENTS.shipping,
        shippingSettingsFormSchema,
        (value) => saveShippingSettings(actor, value),
        () => SETTINGS_SUCCESS.shipping,
      ),
    },
    async () => failureReply(invalid(SETTINGS_MESSAGES.invalidRequest), { failureTitle }),
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = useIntentResults(actionData);
  return <AdminSettingsSections {...loaderData} resultFor={resultFor} />;
}

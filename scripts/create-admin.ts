/**
 * Creates an administrator, or promotes an existing user to administrator.
 *
 *   tsx scripts/create-admin.ts --email ana@example.com --name "Ana Pérez" [--password …]
 *
 * Without --password the password is read from ADMIN_PASSWORD or, on a terminal, asked for
 * twice without echo (prefer these: a --password value stays in the shell history).
 * With the embedded database (PGlite) the server must be stopped first.
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import * as schema from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import { isRefusedPassword } from "~/modules/accounts/passwords.server";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";
import { LIMITS } from "~/lib/constants";
import { exitWithError, openScriptDatabase, ScriptError } from "./lib/script-database";

const USAGE = `Uso: tsx scripts/create-admin.ts --email EMAIL --name "Nombre Apellidos" [--password CONTRASEÑA]

  Crea un usuario administrador o, si el e-mail ya existe, lo convierte en administrador
  (su contraseña y su nombre no cambian).
  Sin --password se usa la variable ADMIN_PASSWORD o se pide por el terminal sin mostrarla.`;

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new ScriptError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    const cleanup = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          cleanup();
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          cleanup();
          reject(new ScriptError("Cancelado."));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    process.stdout.write(question);
    stdin.setEncoding("utf8");
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

async function readPassword(fromArgs: string | undefined): Promise<string> {
  if (fromArgs !== undefined) return fromArgs;
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    throw new ScriptError(
      "Falta la contraseña: usa --password, la variable ADMIN_PASSWORD o ejecútalo en un terminal.",
    );
  }
  const first = await promptHidden("Contraseña: ");
  const second = await promptHidden("Repite la contraseña: ");
  if (first !== second) throw new ScriptError("Las contraseñas no coinciden.");
  return first;
}

function validatePassword(password: string) {
  if (password.length < LIMITS.minPasswordLength) {
    throw new ScriptError(
      `La contraseña debe tener al menos ${LIMITS.minPasswordLength} caracteres.`,
    );
  }
  if (password.length > LIMITS.maxPasswordLength) {
    throw new ScriptError(
      `La contraseña no puede tener más de ${LIMITS.maxPasswordLength} caracteres.`,
    );
  }
  // The sign-up's blocklist (leaked passwords, Spanish words, the shop's words), ADR 0023.
  if (isRefusedPassword(password)) throw new ScriptError(COMMON_PASSWORD_MESSAGE);
}

async function main() {
  const args = parseCommandLine();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const emailResult = z.email().max(LIMITS.maxEmailLength).safeParse(args.email?.trim());
  if (!emailResult.success) {
    throw new ScriptError(
      args.email ? `El e-mail "${args.email}" no es válido.` : `Falta --email.\n\n${USAGE}`,
    );
  }
  const email = emailResult.data.toLowerCase();
  const name = args.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > LIMITS.maxNameLength)) {
    throw new ScriptError(`El nombre debe tener entre 1 y ${LIMITS.maxNameLength} caracteres.`);
  }
  // Validate what we can before opening the database (which locks the embedded one).
  if (args.password !== undefined) validatePassword(args.password);

  const database = await openScriptDatabase("scripts/create-admin.ts");
  const db = database.handle.db;
  try {
    const [existing] = await db
      .select({ id: schema.users.id, role: schema.users.role, banned: schema.users.banned })
      .from(schema.users)
      .where(eq(schema.users.email, email));

    if (existing) {
      if (existing.role === "admin") {
        console.log(`${email} ya es administrador: no se ha cambiado nada.`);
      } else {
        await db
          .update(schema.users)
          .set({ role: "admin" })
          .where(eq(schema.users.id, existing.id));
        console.log(`${email} ahora es administrador (su contraseña y su nombre no cambian).`);
      }
      if (existing.banned) {
        console.warn(
          "AVISO: esta cuenta está desactivada (Inactivo): no podrá iniciar sesión mientras siga así.",
        );
      }
      return;
    }

    if (!name)
      throw new ScriptError(`No existe ningún usuario con ${email}: indica --name para crearlo.`);
    const password = await readPassword(args.password);
    validatePassword(password);
    const hash = await hashPassword(password);
    const id = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(schema.users).values({ id, name, email, emailVerified: true, role: "admin" });
      await tx.insert(schema.accounts).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: hash,
      });
      await tx.insert(schema.userPreferences).values({ userId: id });
    });
    console.log(`Administrador creado: ${name} <${email}>. Ya puede iniciar sesión en /login.`);
  } finally {
    await database.close();
  }
}

main().catch(exitWithError);

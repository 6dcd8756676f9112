import { LayoutDashboard } from "~/components/icons/layout-dashboard";
import { LogIn } from "~/components/icons/log-in";
import { LogOut } from "~/components/icons/log-out";
import { UserPlus } from "~/components/icons/user-plus";
import { useRef } from "react";
import { Form, Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { IslandProps } from "~/components/ui/lazy-island";
import { ACCOUNT_LINKS } from "./account-links";
import type { ShellUser } from "~/lib/shell-user";

function firstNameOf(user: ShellUser): string {
  return user.name.trim().split(/\s+/)[0] || user.email;
}

/** The avatar menu (spec §2): the account's pages and sign-out, or sign-in and registration. An island. */
export function AccountMenu({
  user,
  open,
  onOpenChange,
  trigger,
  openedWithKeyboard = false,
}: { user: ShellUser | null } & IslandProps) {
  // Radix focuses the first item when the menu is opened from the keyboard; a keypress that
  // came before this code loaded went unseen, so do it here for that first opening.
  const focusFirstItem = useRef(openedWithKeyboard);

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-60"
        onFocus={(event) => {
          // Radix focuses the menu itself on opening; move on to the first item.
          if (!focusFirstItem.current || event.target !== event.currentTarget) return;
          focusFirstItem.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
      >
        {user ? (
          <>
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="truncate">Hola, {firstNameOf(user)}</span>
              <span className="truncate text-xs font-normal text-slate-600">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {ACCOUNT_LINKS.map(({ to, label, icon: Icon }) => (
              <DropdownMenuItem key={to} asChild>
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </DropdownMenuItem>
            ))}
            {user.isAdmin ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link to="/admin/dashboard">
                    <LayoutDashboard aria-hidden="true" />
                    Panel Admin
                  </Link>
                </DropdownMenuItem>
              </>
            ) : null}
            <DropdownMenuSeparator />
            <Form method="post" action="/logout" replace>
              <DropdownMenuItem
                asChild
                variant="destructive"
                // Keep the form mounted until the browser has submitted it.
                onSelect={(event) => event.preventDefault()}
              >
                <button type="submit">
                  <LogOut aria-hidden="true" />
                  Cerrar sesión
                </button>
              </DropdownMenuItem>
            </Form>
          </>
        ) : (
          <>
            <DropdownMenuItem asChild>
              <Link to="/login">
                <LogIn aria-hidden="true" />
                Iniciar sesión
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/registro">
                <UserPlus aria-hidden="true" />
                Registrarse
              </Link>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

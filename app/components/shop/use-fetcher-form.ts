import { useEffect, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { showToast } from "~/components/ui/toaster";
import type { FetcherReply } from "~/lib/fetcher-reply";

/**
 * A button's form posting to a resource route ('Añadir al carrito', the favourite heart). A
 * plain POST without JavaScript: the form carries `redirectTo` (`back`) and the action
 * redirects there with a toast. Once hydrated `onSubmit` posts through a fetcher instead (no
 * reload; the root loader revalidates) and the answer shows as a toast.
 */
export function useFetcherForm<T extends object = object>(action: string) {
  const fetcher = useFetcher<FetcherReply<T>>();
  const location = useLocation();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const reply = fetcher.data;
    if (!reply) return;
    showToast({ title: reply.message, variant: reply.ok ? "default" : "destructive" });
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    form.delete("redirectTo"); // the fetcher reads JSON instead of following a redirect
    void fetcher.submit(form, { method: "post", action });
  }

  return {
    fetcher,
    busy,
    /** The page to come back to without JavaScript. */
    back: location.pathname + location.search,
    formProps: { method: "post", action, onSubmit } as const,
  };
}

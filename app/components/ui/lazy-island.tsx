import {
  cloneElement,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
} from "react";

/** The trigger's props the placeholder sets (the island's Radix trigger sets them later). */
type TriggerProps = ComponentProps<"button"> & { "data-state"?: "open" | "closed" };

/** What an island gets from its wrapper, besides its own props. */
export interface IslandProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger button: the island renders it inside its Radix trigger (`asChild`). */
  trigger: ReactElement<TriggerProps>;
  /**
   * The island was opened with Enter or Space before its code had loaded, so its Radix root
   * did not see that keypress (a menu then focuses its first item itself).
   */
  openedWithKeyboard?: boolean;
}

type LazyIslandProps<P> = P & Omit<IslandProps, "openedWithKeyboard">;

const noop = () => {};

/**
 * A popup (menu, popover, sheet) whose code is loaded on demand rather than with the page.
 *
 * Until then the wrapper renders the island's `trigger` as a plain button that looks the same
 * and carries the same ARIA. Pointer, focus or touch on it starts loading the code; a click
 * (or Enter/Space) asks to open, and the island replaces the placeholder, open, as soon as its
 * code is there (at once when it already is). From then on the island's own Radix trigger
 * does the work. `open` stays with the caller, as for any controlled Radix root.
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P & IslandProps>>,
  { popup }: { popup: "menu" | "dialog" },
) {
  let loaded: ComponentType<P & IslandProps> | null = null;
  let loading: Promise<ComponentType<P & IslandProps>> | null = null;

  function preload() {
    loading ??= load().then(
      (island) => (loaded = island),
      (error: unknown) => {
        loading = null; // let the next attempt try again
        throw error;
      },
    );
    return loading;
  }

  function warm() {
    preload().catch(noop);
  }

  function LazyIsland(props: LazyIslandProps<P>) {
    const { open, onOpenChange, trigger } = props;
    const [Island, setIsland] = useState(() => loaded);
    const [openedWithKeyboard, setOpenedWithKeyboard] = useState(false);

    // Asked to open before the code was there: show the island as soon as it arrives.
    useEffect(() => {
      if (!open || Island) return;
      let current = true;
      preload().then(
        (island) => {
          if (current) setIsland(() => island);
        },
        () => {
          if (current) onOpenChange(false);
        },
      );
      return () => {
        current = false;
      };
    }, [open, Island, onOpenChange]);

    if (Island) return <Island {...props} openedWithKeyboard={openedWithKeyboard} />;

    const placeholder: TriggerProps = {
      "aria-haspopup": popup,
      "aria-expanded": false,
      "data-state": "closed",
      onPointerEnter: warm,
      onFocus: warm,
      onTouchStart: warm,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        // A click from Enter or Space has no pointer behind it (detail 0).
        setOpenedWithKeyboard(event.detail === 0);
        if (loaded) {
          const island = loaded;
          setIsland(() => island);
        }
        onOpenChange(true);
      },
    };
    return cloneElement(trigger, placeholder);
  }

  return LazyIsland;
}

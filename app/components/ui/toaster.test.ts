import { describe, expect, it } from "vitest";
import { openChangeFor } from "./toaster";

describe("openChangeFor", () => {
  it("lets a toast that was replaced neither close nor reopen the one on screen", () => {
    const currentId = { current: "carrito" };
    const calls: boolean[] = [];
    const setOpen = (open: boolean) => calls.push(open);
    const expiring = openChangeFor("carrito", currentId, setOpen);
    // showToast() puts the confirmation on screen before React unmounts the cart's toast,
    // whose timer then ends.
    currentId.current = "confirmado";
    expiring(false);
    expiring(true);
    expect(calls).toEqual([]);
  });

  it("lets the toast on screen close itself", () => {
    const currentId = { current: "confirmado" };
    const calls: boolean[] = [];
    openChangeFor("confirmado", currentId, (open) => calls.push(open))(false);
    expect(calls).toEqual([false]);
  });
});

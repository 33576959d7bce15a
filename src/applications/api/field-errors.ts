/**
 * Forms that say what is wrong, where (issue 29): each control with a problem carries `aria-invalid="true"` and its
 * message right beside it, tied to it by `aria-describedby`; a control whose problem is gone loses both. Pure DOM
 * (no Foundry globals, no realm-bound classes: works in a popped-out window and in the preview).
 *
 * The code that validates calls `markFieldErrors` after each render with the problems it found, by control name.
 * A template may hold the message element itself (`<p class="goldhack-field-error" data-error-for="ob" id=…>`);
 * otherwise one is made after the control (after its label or `.form-group` row when the control sits in one, so the
 * message is not read as part of the label), and removed again when the problem is fixed.
 */

/** Problems by control name (the `name` attribute), each an already localised message. */
export type FieldErrors = Readonly<Record<string, string>>;

const CONTROLS = "input, select, textarea";
const MADE = "data-goldhack-made-error";

/** The form's controls named `name` (radio and checkbox groups share a name), in document order. */
function controlsNamed(root: ParentNode, name: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => el.getAttribute("name") === name);
}

function setDescribedBy(control: HTMLElement, id: string, on: boolean): void {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((t) => t !== "" && t !== id);
  if (on) ids.push(id);
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Where a made message goes: after the group of controls (its fieldset or row), or after the one control's label or row. */
function anchorOf(controls: readonly HTMLElement[]): Element {
  const first = controls[0] as HTMLElement;
  if (controls.length > 1) {
    const set = first.closest("fieldset");
    const last = controls[controls.length - 1] as HTMLElement;
    return set && set.contains(last) ? (set.lastElementChild ?? set) : (last.closest(".form-group, label") ?? last);
  }
  return first.closest(".form-group, label") ?? first;
}

/** A stable id for a control name's message: `${prefix}-${name}-error`, safe in an id. */
export function fieldErrorId(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}-error`;
}

/**
 * Marks every control named in `errors` and clears every control this form marked before whose problem is gone.
 * `prefix` makes the message ids unique on the page (the application's id).
 */
export function markFieldErrors(root: ParentNode, errors: FieldErrors, prefix: string): void {
  const marked = new Set(
    [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].map((el) => el.getAttribute("name")).filter((n): n is string => n !== null),
  );
  for (const name of new Set([...marked, ...Object.keys(errors)])) {
    const controls = controlsNamed(root, name);
    const message = errors[name];
    const id = fieldErrorId(prefix, name);
    let holder = [...root.querySelectorAll<HTMLElement>("[data-error-for]")].find((el) => el.dataset.errorFor === name) ?? null;
    if (message === undefined || message === "" || controls.length === 0) {
      for (const control of controls) {
        control.removeAttribute("aria-invalid");
        if (holder) setDescribedBy(control, holder.id || id, false);
      }
      if (holder?.hasAttribute(MADE)) holder.remove();
      else if (holder) {
        holder.textContent = "";
        holder.hidden = true;
      }
      continue;
    }
    if (!holder) {
      const doc = (controls[0] as HTMLElement).ownerDocument;
      holder = doc.createElement("p");
      holder.className = "goldhack-field-error";
      holder.dataset.errorFor = name;
      holder.setAttribute(MADE, "");
      anchorOf(controls).after(holder);
    }
    if (!holder.id) holder.id = id;
    holder.textContent = message;
    holder.hidden = false;
    for (const control of controls) {
      control.setAttribute("aria-invalid", "true");
      setDescribedBy(control, holder.id, true);
    }
  }
}

/**
 * Reading a form control from its change event, for components whose inputs are not bound
 * (the catalogue editor sends each change through its store's edit functions).
 *
 * Renderer layer: DOM.
 */

/** The text of the input or select the event came from. */
export const inputValue = (e: Event): string => (e.currentTarget as HTMLInputElement).value;

/** Whether the checkbox the event came from is ticked. */
export const inputChecked = (e: Event): boolean => (e.currentTarget as HTMLInputElement).checked;

/**
 * The words a refused exclusive project open ends with. The store writes them into
 * `ProjectLockedError` (node/store/writer-lock.ts); the renderer offers the two choices when
 * a `project.open` error carries them, since errors cross the bridge as one line of text.
 * It lives in core because both the store and the contract (which may import only core)
 * name it, and storage must not import the wire format.
 */
export const PROJECT_LOCKED_CHOICE = 'open it read-only, or take over';

/**
 * docs/behaviour.md#navigation-bar: "A hidden error toast exists but is never displayed." It is
 * kept, hidden, so the page has the same parts as the spec describes; nothing ever fills or shows
 * it.
 */
export function ErrorToast() {
  return (
    <div id="error-toast" className="toast text-bg-danger position-fixed bottom-0 end-0 m-3" hidden>
      <div className="toast-body" />
    </div>
  );
}

// Plain Bootstrap markup: this shows while a screen's code loads, so it must not need any.
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}

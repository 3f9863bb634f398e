export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status" aria-label={label}>
      <span className="spinner__ring" aria-hidden />
    </span>
  );
}

/** The placeholder a screen shows while its chunk or its data loads. */
export function ScreenLoader({ label }: { label: string }) {
  return (
    <div className="screen-loader">
      <Spinner label={label} />
    </div>
  );
}

/** The product mark. Clicking it reloads the page (spec §2 "Shell"). */
export function Logo() {
  return (
    <button type="button" className="lt-logo" aria-label="蓝天 — 刷新页面" onClick={() => window.location.reload()}>
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#1677ff" />
        <path d="M14 38c6-10 14-10 18-4s12 6 18-4" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <span className="lt-logo-text">
        <strong>蓝天</strong>
        <small>全国空气质量</small>
      </span>
    </button>
  );
}

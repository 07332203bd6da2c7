/** The brand mark: decorative, the link around it carries the name. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 32 32" className="logo">
      <rect width="32" height="32" rx="7" fill="#12355b" />
      <path
        d="M5 19.5V14c0-1.4 1-2.5 2.4-2.5h11.3c.8 0 1.5.3 2 .9l3.4 3.6H26c.6 0 1 .4 1 1v2.5c0 .6-.4 1-1 1H5.9c-.5 0-.9-.4-.9-1z"
        fill="#fff"
      />
      <path d="M8 13.5h4.5v3H8zm6 0h4.2l2.5 3H14z" fill="#12355b" />
      <circle cx="10" cy="21" r="2.3" fill="#f59e0b" />
      <circle cx="22" cy="21" r="2.3" fill="#f59e0b" />
    </svg>
  );
}

/** A labelled checkbox as tall as a touch target, for the back office's editors. */
export function Checkbox({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-brand" />
      {label}
    </label>
  );
}

/** Placeholder: filled in by its issue. */
export function SettingsPage() {
  return (
    <>
      <title>Settings · CommonGround</title>
      <h1 className="text-2xl font-bold">Settings</h1>
    </>
  );
}

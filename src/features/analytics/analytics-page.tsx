/** Placeholder: filled in by its issue. */
export function AnalyticsPage() {
  return (
    <>
      <title>Analytics · CommonGround</title>
      <h1 className="text-2xl font-bold">Analytics</h1>
    </>
  );
}

/** Placeholder: filled in by its issue. */
export function ReportsPage() {
  return (
    <>
      <title>Reports · CommonGround</title>
      <h1 className="text-2xl font-bold">Reports</h1>
    </>
  );
}

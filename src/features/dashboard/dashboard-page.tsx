/** Placeholder: filled in by its issue. */
export function DashboardPage() {
  return (
    <>
      <title>Dashboard · CommonGround</title>
      <h1 className="text-2xl font-bold">Dashboard</h1>
    </>
  );
}

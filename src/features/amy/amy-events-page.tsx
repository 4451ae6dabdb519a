/** Placeholder: filled in by its issue. */
export function AmyEventsPage() {
  return (
    <>
      <title>Amy Events · CommonGround</title>
      <h1 className="text-2xl font-bold">Amy Events</h1>
    </>
  );
}

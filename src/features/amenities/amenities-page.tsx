/** Placeholder: filled in by its issue. */
export function AmenitiesPage() {
  return (
    <>
      <title>Amenities Management · CommonGround</title>
      <h1 className="text-2xl font-bold">Amenities Management</h1>
    </>
  );
}

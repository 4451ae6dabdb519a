/** Placeholder: filled in by its issue. */
export function CommunityManagementPage() {
  return (
    <>
      <title>Community Management · CommonGround</title>
      <h1 className="text-2xl font-bold">Community Management</h1>
    </>
  );
}

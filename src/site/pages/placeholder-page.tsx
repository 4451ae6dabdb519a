/** Placeholder until the public-site issue lands. */
export function placeholderFor(title: string) {
  return function PlaceholderPage() {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <title>{`${title} · CommonGround`}</title>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-4">
          <a className="text-brand-700 underline dark:text-brand-100" href="/dashboard">
            View Demo
          </a>
        </p>
      </main>
    );
  };
}

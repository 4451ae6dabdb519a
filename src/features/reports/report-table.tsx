/**
 * A report table. From sm up (and on paper) it is a real table; on a phone, where six columns
 * cannot fit, each row becomes a small card of label/value pairs. Only one of the two is
 * displayed at a time, so assistive tech meets the data once.
 */
export function ReportTable({
  caption,
  head,
  rows,
  numeric,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  /** Column indexes aligned right (figures). */
  numeric: number[];
}) {
  const align = (index: number) => (numeric.includes(index) ? 'text-right' : 'text-left');
  return (
    <>
      <table className="hidden w-full border-collapse text-sm sm:table print:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {head.map((cell, index) => (
              <th
                key={cell}
                scope="col"
                className={`px-2 py-2 font-semibold text-slate-700 first:pl-0 last:pr-0 dark:text-slate-300 ${align(index)}`}
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr
              key={rowIndex}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="py-2 pr-2 text-left font-medium text-slate-900 dark:text-slate-100"
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={index}
                    className={`px-2 py-2 text-slate-700 tabular-nums last:pr-0 dark:text-slate-300 ${align(index)}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={caption} className="grid gap-2 sm:hidden print:hidden">
        {rows.map((row, rowIndex) => (
          <li
            key={rowIndex}
            className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
          >
            <p className="font-medium text-slate-900 dark:text-slate-100">{row[0]}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {row.slice(1).map((cell, index) => (
                <div key={head[index + 1]} className="min-w-0">
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{head[index + 1]}</dt>
                  <dd className="text-slate-800 tabular-nums dark:text-slate-200">{cell}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

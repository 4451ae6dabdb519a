import { Skeleton } from '../../ui/skeleton';

/** A report's placeholder while its code or its data is on the way; `status` is read out. */
export function ReportSkeleton({ status }: { status: string }) {
  return (
    <div className="mt-4 grid gap-3">
      <span className="sr-only" role="status">
        {status}
      </span>
      <Skeleton className="h-4 w-64 max-w-full" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

import { Icon } from '../../../ui/icons';

export default function MaintenanceReport() {
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
      <Icon name="clock" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">This report is pending.</p>
        <p className="mt-1">
          It will list work orders, inspections and downtime per amenity. CommonGround does not
          collect maintenance data yet, so there is nothing to show or download.
        </p>
      </div>
    </div>
  );
}

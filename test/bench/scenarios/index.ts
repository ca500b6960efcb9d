import type { Scenario } from '../lib';
import { clientBulkRead } from './client-bulk-read';
import { clientJitterRead } from './client-jitter-read';
import { firmScenarios } from './firm';
import { firmDesk } from './firm-desk';
import { cliExport, exportCsv } from './export-csv';
import { gridPaint } from './grid-paint';
import { mirrorScenarios } from './mirror';
import { mirrorProcess } from './mirror-process';
import { naiveBaseline } from './naive-baseline';

/** The benchmark's scenarios, run in this order. Add a module and list it here (export, grid paint time, ...). */
export const scenarios: Scenario[] = [clientBulkRead, clientJitterRead, naiveBaseline, exportCsv, cliExport, gridPaint, mirrorScenarios, mirrorProcess, firmScenarios, firmDesk];

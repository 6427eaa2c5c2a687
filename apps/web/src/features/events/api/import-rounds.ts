import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRoundsResponse } from '@holeout/contracts';
import { apiClient, ApiError } from '../../../lib/api-client.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';

/** One problem of a refused file as the API names it: the data row (0 the header row) and the column. */
export interface ImportProblem {
  row: number;
  column: string | null;
  message: string;
}

/** POST /rounds/import: the CSV in the multipart field `file`; all its rounds are stored, or none. Quiet: the dialog lists what is wrong. */
export function importRounds(file: File): Promise<ImportRoundsResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.post<ImportRoundsResponse>('/rounds/import', form, { quiet: true });
}

/** The problems of a refused file (400 VALIDATION_ERROR with details); empty for any other failure. */
export function importProblems(error: unknown): ImportProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown): ImportProblem[] => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { row, column, message } = detail as { row?: unknown; column?: unknown; message?: unknown };
    if (typeof row !== 'number' || typeof message !== 'string') return [];
    return [{ row, column: typeof column === 'string' && column !== '' ? column : null, message }];
  });
}

/** "Row 3, column par: ..." ("Header row, column ..." for the header). */
export function problemText(problem: ImportProblem): string {
  const where = problem.row === 0 ? 'Header row' : `Row ${problem.row}`;
  return problem.column === null ? `${where}: ${problem.message}` : `${where}, column ${problem.column}: ${problem.message}`;
}

export function useImportRounds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRounds,
    onSuccess: () => {
      // New rounds join the list and every statistic at once.
      void queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
      void invalidateStatistics(queryClient);
    },
  });
}

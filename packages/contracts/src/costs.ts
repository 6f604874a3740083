// Cost ingestion's status route (GET /api/json/costs/ingestion): its path and types. Behind the token like every
// non-public route: the folder paths name the user's projects. The types come from schemas/costs.ts.
export const COST_INGESTION_PATH = '/api/json/costs/ingestion';

export type { IngestionStatus, ScanStats } from './schemas/costs';

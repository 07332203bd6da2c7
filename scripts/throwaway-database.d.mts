// Types of throwaway-database.mjs, for the TypeScript tests that share it with the scripts.

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export declare function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<ThrowawayDatabase>;

export declare function withThrowawayDatabase<T>(adminUrl: string, prefix: string, use: (databaseUrl: string) => Promise<T>): Promise<T>;

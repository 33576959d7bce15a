// Types for the part of @foundryvtt/foundryvtt-cli's JS API we use (it ships none), written from its README.
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
  }
  export interface CompileOptions extends PackOptions {
    recursive?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => Promise<unknown>; // resolve to false to drop the entry
  }
  export interface ExtractOptions extends PackOptions {
    folders?: boolean;
    documentType?: string;
    omitVolatile?: boolean;
    transformEntry?: (entry: Record<string, unknown>, context: Record<string, unknown>) => Promise<unknown>; // resolve to false to drop the entry
    transformName?: (entry: Record<string, unknown>, context: Record<string, unknown>) => Promise<unknown>; // resolve to false to drop the entry
  }
  /** Compiles a folder of source files into a compendium pack. */
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  /** Extracts a compendium pack into one source file per primary document. */
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}

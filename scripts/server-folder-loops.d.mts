export interface CruisedModule {
  source: string;
  dependencies?: { resolved?: string }[];
}
export interface FolderLoop {
  folders: string[];
  edges: { from: string; to: string; imports: string[] }[];
}
export function serverFolderOf(source: string): string | null;
export function folderGraph(modules: CruisedModule[]): Map<string, Map<string, string[]>>;
export function folderLoops(graph: Map<string, Map<string, string[]>>): FolderLoop[];
export function describeLoops(loops: FolderLoop[]): string[];
export function cruiseServer(cwd: string, configFile: string): CruisedModule[];

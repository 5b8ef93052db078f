export declare const apiBundle: string;
export declare function buildApi(outfile?: string): Promise<void>;
export declare const serverNodeFlags: string[];

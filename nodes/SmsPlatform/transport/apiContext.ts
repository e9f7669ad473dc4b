import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/** The n8n contexts that talk to the service: a node run, a list search, a poll. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

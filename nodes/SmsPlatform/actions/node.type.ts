import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	sms: 'send' | 'getStatus' | 'getDetails' | 'getStats';
	account: 'getBalance';
	partnerTenant: 'create' | 'initiatePayment';
	payment: 'getStatus';
	billing: 'getHistory';
	smsPackage: 'getAll';
	campaign: 'getAnalytics';
	dashboard: 'getMetrics';
	contact: 'get';
	activity: 'getRecent';
	organization: 'getAll';
	notification: 'getAll';
};

export type SmsPlatformType = AllEntities<NodeMap>;

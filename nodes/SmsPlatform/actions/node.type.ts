/** The node's resources and their operations: the router's table is checked against it. */
export type NodeMap = {
	sms: 'send' | 'getStatus' | 'getDetails' | 'getStats';
	account: 'getBalance';
	partnerTenant: 'create' | 'initiatePayment';
	payment: 'getStatus';
	billing: 'getHistory';
	smsPackage: 'getAll';
	campaign: 'getAnalytics';
	dashboard: 'getMetrics';
	contact:
		| 'addTags'
		| 'get'
		| 'getAll'
		| 'create'
		| 'upsert'
		| 'update'
		| 'delete'
		| 'optIn'
		| 'optOut';
	senderId: 'getAll' | 'request';
	activity: 'getRecent';
	organization: 'getAll';
	notification: 'getAll';
	template: 'getAll' | 'get' | 'create' | 'update' | 'delete';
};

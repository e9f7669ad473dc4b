/** The node's resources and their operations: the router's table is checked against it. */
export type NodeMap = {
	sms: 'send' | 'getStatus' | 'getDetails' | 'getStats';
	account: 'getBalance' | 'buyCredits';
	partnerTenant: 'create' | 'initiatePayment';
	payment: 'getStatus';
	billing: 'getHistory' | 'getUsage' | 'getSummary';
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
	senderIdRequest: 'get' | 'getAll';
	activity: 'getRecent';
	organization: 'getAll';
	notification: 'getAll' | 'markRead' | 'markAllRead';
	template: 'getAll' | 'get' | 'create' | 'update' | 'delete';
};

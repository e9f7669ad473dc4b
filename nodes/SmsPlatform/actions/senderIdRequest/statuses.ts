/** The statuses of a sender ID request on the service (SenderIDRequest.status), as the Status filter lists them. */
export const REQUEST_STATUSES = [
	{ name: 'Approved', value: 'approved', description: 'Approved: the sender ID can send' },
	{ name: 'Cancelled', value: 'cancelled', description: 'Withdrawn before a decision' },
	{ name: 'Pending', value: 'pending', description: 'Waiting for the service’s staff' },
	{ name: 'Rejected', value: 'rejected', description: 'Refused, with the reason in the output' },
	{
		name: 'Requires Changes',
		value: 'requires_changes',
		description: 'Sent back: change the request and submit it again',
	},
];

/** Counts calls against a poll's allowance, so a poll never spends much of the token's budget. */
export class CallAllowance {
	private used = 0;

	constructor(private readonly limit: number) {}

	take(): boolean {
		if (this.used >= this.limit) return false;
		this.used++;
		return true;
	}

	get remaining(): number {
		return this.limit - this.used;
	}

	get spent(): number {
		return this.used;
	}
}

/**
 * CSV and TSV text to records, as the platform reads dataset uploads: RFC 4180 quoting, so a quoted field may
 * hold the delimiter, doubled quotes and line breaks. Blank lines are not records.
 */
export function parseDelimited(text: string, delimiter: ',' | '\t'): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let field = '';
	let quoted = false;
	const endRecord = () => {
		record.push(field);
		if (!(record.length === 1 && record[0] === '')) records.push(record);
		record = [];
		field = '';
	};
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char !== '"') field += char;
			else if (text[i + 1] === '"') field += text[++i];
			else quoted = false;
		} else if (char === '"' && field === '') {
			quoted = true;
		} else if (char === delimiter) {
			record.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			endRecord();
		} else {
			field += char;
		}
	}
	if (quoted) throw new Error('a quoted field is not closed');
	endRecord();
	return records;
}

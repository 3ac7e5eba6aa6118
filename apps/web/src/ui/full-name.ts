/** A member's name as every list shows it: 'First Last'. */
export function fullName(member: { first_name: string; last_name: string }): string {
  return `${member.first_name} ${member.last_name}`;
}

import { invitationIdOf, invitationToken } from './invitation-token.util';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('invitation tokens', () => {
  it('names the invitation it was made for', () => {
    expect(invitationIdOf('secret', invitationToken('secret', ID))).toBe(ID);
  });

  it('refuses a token signed with another secret, altered, or not a token at all', () => {
    const token = invitationToken('secret', ID);
    expect(invitationIdOf('other secret', token)).toBeNull();
    const otherId = Buffer.from('1f8fad5b-d9cb-469f-a165-70867728950e').toString('base64url');
    expect(invitationIdOf('secret', `${otherId}.${token.split('.')[1]}`)).toBeNull();
    expect(invitationIdOf('secret', `${token}x`)).toBeNull();
    for (const junk of ['', '.', 'abc', `${token}.more`, '../../etc'])
      expect(invitationIdOf('secret', junk)).toBeNull();
  });
});

package scaffold

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/safefile"
)

// protectHooksSHA is the SHA-256 of protectHooks. A test holds it to the
// template: whoever changes the template moves the old hash into
// earlierProtectHooks, so that init refreshes a guard an earlier hookrun
// wrote and nobody edited.
const protectHooksSHA = "d0257e7a42aa573cb20f372948df976aa4f712c8952ff76411e919f218d3f91f"

// earlierProtectHooks are the SHA-256 hashes of every protect_hooks.yaml an
// earlier hookrun init wrote (from the repository's history), newest first.
var earlierProtectHooks = []string{
	"3a33da5d855d2b91353cc48ee47355e306a62a48ef10cee09ee92c59d57ac04c", // a840a4f
	"eaf9fc6e79c51d110965283f044d0b2b4e4eff7a9708240a19645ff91b1d44ad", // 936c066
	"036d99af0912dfaa6285d8cfbed4d0e799042e039873d65da513a234fbed4e94", // 79ea630
	"48499df70ec5f7f6a1e5895cf25cb69192419aae58923ac96b915ce484acbd42", // d99f46e
	"830efd2fcc71be886d0b37c78ca4cbf33aa3c48320e5b23d374fefdbf73a8273", // 8a3d00a
	"d654a2b045960b08c7a5a264e61ce4f31ec73e3822a4faa5e9a0d9f1346aee90", // 214fdf7
	"17fef8758eb9df14dde5f10ec23025dcd4239dd1fdbfd4670e286dd85d6c5631", // 80b1813
	"3f6adef9c31a49959d40b7c252e2c30f9fab0c7769e1ecb13899503fbb472946", // f4ca9ec
	"821044df4549b4557200a423aa221f9f81db600271b72c2813e952d163532484", // 8f37400
	"3cb8b4ec16dfc4b030d9a5c382550ac47a462988aab8d170fbff6f159dd16e76", // afab35d
	"9688dedb5ec6f47d28fd8bc0bd16f39883b6e385db4800f328c16712db92fc57", // 057d5ac
	"b2de2ed3096633606476eeb7d7e714018c7706b9eb28bcb70ad7d192b85f872b", // 123fda6
	"c5c215f58e3ad56b526918e56c4df28aff7bdd869e3640db279285306be004c6", // 0b45f3e
	"4021f08d3c6d2ce681eb04f0e07f18856509e21dc7ed996386a3db3ea1d04095", // 879a7d4
	"1d1015fe03fd557329c42d51870b69c0b7fad90703ef76ef32b72cbe65e8dd7e", // bdb038a
	"4043f7e25b046c335abaa38c26b3c39f8f470c51a513bcc8cceb0922043234a1", // a3ef485
	"3849ef14d611a22d7f4c534fc3c5ae16a08da5eb0cf7576cdac98ce3e3591e35", // af70d62
	"8b812631a02bfcf52f866cdd6ea5c3f8aed54b46866fd27002e3a5136c6fdcae", // ce0b1c7
	"82864d427c9de8f5423394d6530a5afb00ea6600ad7d31a81de428748359c7cb", // d67652e
	"349a9f768745e3da47df8061b3946b246dae2fd5b4d3c52649baae5d5cdecd35", // 236a851
	"4a032a609853a73e86de70b151cc90cfb400f6e1baf2a1bee74423cf7a7bfe70", // 34cbfb7
	"96517a9b9ae01e17dab32fd27c92f6f5ccd445f58eb72902d2d5b54cc4339964", // 7d59223
	"f4cf8953ad80cad456a26407f5522340a96e5f2d25df7557134e142d7d3d695f", // 278f6e9
	"c26dc7cf4a0cecdb8a000fa155be72766e2acbd2e678ab6ae7a788cd3c0da572", // 558ed62
	"9d0cc4af164973314a62ef8c1374e721c064c67c8c5d2ce7de0ccfe156dbcb7a", // 75b3765
	"9752a7bd14810f6bcc6c52f92950cca57fdba769649ea1a04ee403d5ef4564cf", // a1aa5c3
	"6e30ff2689565166d47ecf28d8f1d86c17915fdc0ace7c3c68499553a4a40db5", // 8d24c15
	"190a54aa4272b73b61f161e1f11d385543874d2a825c787390cdbce98db7c957", // d8802f7
	"8b0657ad82556db6ea472bc4aa039d73b319af6541bf11216e9413b1972383ca", // dd264cc
	"f155365b2b5e8fd7aad8660bbf26359286a4bb908e958c850dac870d64b911c3", // 4fec2e3
	"8c945bc881ff16dfd918b114656df75d232f2aea55bb13bb14fba716dc63463e", // 148e01d
	"10f201a11b34d58e819c1fc5ec76b744d20196472f6281bc81408ead9f249d56", // 6540bc3
	"3af5ade19c5e99581df72ae6d3bc48dedaeab8ebb1c7465054469792e28d65c6", // af28ac5
	"1e950122a14bdbdbd34549e48d174aff290975414d4a044886a1453ff15baeb4", // 94691f6
	"c014566f58d68f758baa63f03c557841f2e2ac3f6968bf91693c415491725f6b", // 9b2619f
	"5513c39fd3fe8a67b2ee0d767be3d901998a746e43aa0f3630ad9981eb878b7b", // be0613f
	"e946aa199da965a427675f0387c41940155b044a7f9316f5fe3e442f395f3027", // fa56a86
	"94e8096e5f5a5b7beabf2f66297cfb931618a95d3ee448c1a84317df2bc3baab", // 36cc043
}

// guardItem writes init's protect_hooks guard when it is missing, and
// refreshes one an earlier hookrun wrote that nobody changed since (line
// endings aside: git may have checked it out with CRLF). A guard that
// differs from every template hookrun wrote was edited, by a person or
// an agent, or came with the repository: it is left as it is, and the
// note says so and how to take this hookrun's.
func guardItem(root string) (Item, error) {
	it := Item{Path: ProtectHooksFile, Note: "guard: an agent's changes to the hooks, their scripts or the agents' hook settings need a human"}
	path := filepath.Join(root, ProtectHooksFile)
	made, err := writeNew(root, path, []byte(protectHooks), 0o644)
	if err != nil || made {
		it.Action = action(made)
		return it, err
	}
	it.Action = Exists
	old, err := safefile.ReadFile(path, config.MaxDeclBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return it, nil
	}
	if err != nil {
		return it, fmt.Errorf("%s: %w", ProtectHooksFile, err)
	}
	sum := sha256.Sum256(bytes.ReplaceAll(old, []byte("\r\n"), []byte("\n")))
	switch h := hex.EncodeToString(sum[:]); {
	case h == protectHooksSHA:
	case slices.Contains(earlierProtectHooks, h):
		d, err := dirOf(root, path)
		if err != nil {
			return it, err
		}
		defer d.Close()
		if err := d.WriteFile(filepath.Base(path), []byte(protectHooks), 0o644); err != nil {
			return it, err
		}
		it.Action = Updated
		it.Note += " (an earlier hookrun init wrote it, and it was not changed since: now this hookrun's)"
	default:
		it.Note = "differs from the guard this hookrun init writes (edited since it was written, or it came with the repository), so it was left as it is; to take this hookrun's, move it away, run hookrun init again and carry your changes over"
	}
	return it, nil
}

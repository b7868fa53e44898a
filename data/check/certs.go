package check

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/x509"
	"encoding/pem"
	"fmt"
)

// scanPEM checks each certificate of a PEM file for a SHA-1 signature. Keys and other blocks
// are passed over; a block that does not parse is noted.
func (c *fileCtx) scanPEM(b []byte) {
	rest := b
	line, counted := 1, 0 // the line of b[counted]: counting goes on from the last block
	for len(rest) > 0 {
		start := bytes.Index(rest, []byte("-----BEGIN"))
		if start < 0 {
			return
		}
		at := len(b) - len(rest) + start
		line += bytes.Count(b[counted:at], []byte("\n"))
		counted = at
		block, after := pem.Decode(rest[start:])
		if block == nil {
			c.note(NoteUnparsable, line, c.s.t.PEMBlock)
			return
		}
		rest = after
		if block.Type != "CERTIFICATE" {
			continue
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			c.note(NoteUnparsable, line, fmt.Sprintf(c.s.t.BadCertificate, err.Error()))
			continue
		}
		if selfSigned(cert) {
			continue // a trust anchor's own signature is never verified, so its hash does not matter
		}
		switch cert.SignatureAlgorithm {
		case x509.SHA1WithRSA, x509.DSAWithSHA1, x509.ECDSAWithSHA1:
			c.add(RuleSHA1Cert, line, 1, object{kind: "Certificate", name: cert.Subject.CommonName},
				fmt.Sprintf(c.s.t.SHA1Certificate,
					cert.Subject.CommonName, cert.Issuer.CommonName, cert.SignatureAlgorithm), "")
		}
	}
}

// selfSigned reports whether a certificate is a root: its subject is its issuer and its own key
// verifies its signature. The CA marker does not decide it: X.509 v1 roots, such as old ones in
// system bundles, carry no extensions at all, and a certificate that only names itself as its
// issuer, signed by another key, is no root. Go refuses to verify a SHA-1 signature, so those
// are checked here.
func selfSigned(cert *x509.Certificate) bool {
	if !bytes.Equal(cert.RawIssuer, cert.RawSubject) {
		return false
	}
	switch cert.SignatureAlgorithm {
	case x509.SHA1WithRSA, x509.ECDSAWithSHA1:
		sum := sha1.Sum(cert.RawTBSCertificate)
		switch pub := cert.PublicKey.(type) {
		case *rsa.PublicKey:
			return rsa.VerifyPKCS1v15(pub, crypto.SHA1, sum[:], cert.Signature) == nil
		case *ecdsa.PublicKey:
			return ecdsa.VerifyASN1(pub, sum[:], cert.Signature)
		}
		return false // DSA: Go no longer verifies it, and no root uses it
	}
	return cert.CheckSignature(cert.SignatureAlgorithm, cert.RawTBSCertificate, cert.Signature) == nil
}

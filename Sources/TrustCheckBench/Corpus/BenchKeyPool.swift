// Generated once with `openssl genpkey` (8 keys of each type) and committed, so the benchmark's corpus
// is the same on every run: certificates are signed deterministically (RSA PKCS#1 v1.5, RFC 6979 ECDSA,
// Ed25519) from these keys at fixed dates. Benchmark keys only: they protect nothing.

/// The benchmark's fixed private keys, PKCS#8 PEM, by key type.
enum BenchKeyPool {
    /// rsa2048 keys.
    static let rsa2048: [String] = [
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDJcUaddmwWXVgF
        DxqioaMBM/v8p/1pwnd8VzLyDchuUjKxKWLOxK0O++YrO+0sO6y5K35ZZVMkGETV
        iY7lv2gKiVRHegWrmIfeej090eYBw+fUcsvkHRGqbM7XVJpZ1bEMVXesMdphOViq
        0VVf0ImkD1EGGc6mTpSD/rQTKP0S/bgHzphQuh48PhDnAj9e2OJDEOueT0uJ29v1
        RiZ5kymNZ0GO7EU2tFKCiixNCFjtqMU4robrAdcoVbLRFzCcUSh92Xv2JWVHm9qP
        c00dWzHjbKAuM/n3o7Xu0I481+eXjFhtR+WZaJBDcOpcw0SKWJ39Hfw3oqX7Em4U
        yFiOaK3fAgMBAAECggEAOS76yMBRNpgQ4H7FJN2VlEXZhoN5oIgfuyBVyfi3qPmU
        gk4pSmDyb4p6cFN2pFPcWERMfbwRufFZuPRvqDCJrFQHpLKy4V9PUoyIzf/Dt0SR
        jvF3h63o0eRJYz8VAeNzevjYG/2a7HaHARajkat1Jylh6sVwsC0mY8HuBHJiRP1Y
        PE8fO6zaPgvTtfYEO1Abg9+ct03aCO4x3VYJNk3yINCIySayDjrxAh//p6hvbqz5
        hQB8Qm0rItdsW3ugjTtm3hLvE3Mw40DQoim+0JLrzczRN7SdUGhDxYdcCHYdZOVL
        grcxgqNLLtz0WoIdu0exy7xatBMAJmOg1bhplYGQYQKBgQDqxStzuOJLlFwNewfV
        KeNgzHONogF4Br2dLfvkwwbqz4tIQstDvsLke2udJyoFxM8KJ59jOs1c2GpLByYt
        /HTRm+0rKEPrUZmD/sgLP9sa3WggGN8t4Xi3xvUpacLCleo1j3j4EcllPEuCQG+C
        encDDkLoE13mwb+xVU6YS+ZXBQKBgQDbqJVxnQQM2arWUV6Bhr8j8oauht0/Pvkb
        xzyEJN0KafBROy7jILAbAol7LCRZxt7KufSJa7aTTRPDHlIopYfZQavYgTswqqIg
        XOWWmQ8xmU0dOIhpmj8w0xq5wbb/UPeAKZBXkgN8BRuQoP/Q2V7BeGA/H58fawdz
        W8cKGYO+kwKBgQCakEMCRieeUMemDGjku1Y6pYAyMAW9itqNP/gF7SyBrTBq26bN
        LCtNl8AKz/0HnUId0mZKQy1vQgAA82z8e6hBU+H6NuE4bRmf4D69wUW0Uy45a4aL
        w1Th0XgY0stppp9yscmXsMYiA2dHErsXcR8ngN0lw5Jf2REmZB6Bf/7fLQKBgCFW
        zg/ncATvSKGsyfZI2FwBZHW63HvL+A1CSSoZWj9JYwNBQ1WP0YrX8Lv0MDQ8HfaR
        EM+GvLhQu44i3P90WFEeSZHb03sIewEEeIhKBOdXSEAGI5Y7phmoAOduwnKv/FDE
        fjb8X3EEaXGjLhCp3VrqBVmvV/xxxzi4FlavFrLnAoGAIWKvLLekC/2OrfmF7MIC
        xqNMMjN475ceUcqk6/OUIfWVJe8t+9HcTnhBiC5LAcaJvR/UmR/MZn92Z6gDc73h
        cyPUq8v3LF2NsTlzb3T2bMHSbs3nrAYGDKWavNxGL1sotNYnaITabYkLGF6pCOvG
        8Kx9z1weIQ8TFPe9wkezExY=
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCmRzXqM0o9zzP0
        pUV7IUJ1z+6/z61JC+Q4NKKF2dwlZKlH5cF6IKa9eqIX9ztKJo5bj1J28GGWe2HQ
        5vTlSMBB2tXhsELlT2AaBaSkrjXRcaSWSz+ob4Sunj5Vpohv525K1U6wQn79ruiE
        BHhKgadHyMlq2lOwP2+yrimZxoN7MEHg0fy9It7cQ0e1I3pNAr1JFFk5VAy8VRtU
        /1Xke1SC1a9OyIBkIT/7g+QJy3Vlm6wli9eViQTY6lSgNsE2Z7Leup677DqarvXn
        uh0b8V2JEHuC9bWJvmBR9rh+CrLfcsFhq6dH1fAgv09NRVe8SOENeZvp/GzSU4d6
        9wxVY0uFAgMBAAECggEAA5lV+ug6SqUx+DEdlGEvaZJjFga+Nu8JdQf6npANGkgX
        ++Tmr6iGQ2KkoIUq5Nt5yFSNUeK5EgNApj9hfJb7BlHgwD5K7GCv8VA+9IuKwapG
        iDQ/v/sN8aOeMMdme5mUQw1j4x/FVONUyAq6uc4dm0mmxmfMWOu+lKz9XIU18lQb
        jxrB68nm70ADDluCnl0SpCwr1d4OgVNGVFyr3O69kfLhKSF/1oKVqk5hRgFNTdSm
        YQ+GQgnarygrHeqMHTI3EvziUWOUh9k0C+24/QNvgWE5itOroG0ozQxsYTge9tJI
        yvVMz3mEsvtJ+l4+55yd9973eUxCxU/kMZEXn6jw8QKBgQDq/5irh9KYq4SzO942
        K/+o7qM8VQNwVp7MO3eGGOfecBbL1JIOsPqOLBehCPrrL2KJ+xPTn1cMJymdBl2L
        ToGD0VTay5/qiAPwfHL/46QIRkdXMKmF51w1SIQv/gxKIA/9SPwuDWA+GqukRDaW
        /b7//KbN2r5nUB0n7cSicTz9PQKBgQC1I2ZuQYcB2qs21QdeUfnIyAW6+ohPREY1
        LWHfNPQDcGt9mVC1YA7AFlch0SgDYALF/yw/9ReVElUEGyCU+IiPY09U5h6q9CBB
        w2PTANIRKnh8HKivwI+bKbYiDmLmL69bG6V/xBnNuetuGP0ypeZycDb+vUP296ut
        4lQJkE776QKBgQDgUfILMxDtmTSH3wskDOXz/TAm5EPvFVBqRg23HMkhRUANfDGc
        AoZ59k7r8mWK4OWgLuLjLIPsXunTMYNT+jGZgdYNMTjKqOGRy0n/R+6J04RAD3yT
        DKGxXzKHmWtjyq1YqzXGRBBt2AmmOVMe2MNdGnCjqj384rWiKs57/bopRQKBgCcF
        Vz2NNC48EwIe5hV1h1+vZzyeV9rrlExEWH8jAyXyg9Vsv6wy4zqSFXcdfYcsmaxZ
        igjFHa1pY5Mc3On6mEB7Xk2lvRmKuaAxHUIJPTehdI8YBWbHDqiYVboEa123DAmO
        bRqW/hAJayQukezlPD2O2uoJj6iWNg+hYAUnZzxxAoGBAMGU+e+lB9slLAZcULkT
        sLV52dHLb5opr7a6GwsR+/DsGtVKXayDQBvUh85JGpBfEgwYUWG3oXK9OYZt/UrB
        yppOz0OJjJU2q99yRBfIgeo5/rbTpncPNAVC6Ummo2stXbAVo8j57tlul3SFwpMt
        IUP4PVRDlaaObO3xLA60CE9l
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCzpZB8yrGHPb+U
        W+5nKIIzDRTo/DZXYdNzcqZGJTowZ4VUJ99dw2XWx1Lv4g8c2GWbmXQPR85K9ZRn
        WmQUBk7CtWfKt83FWmlR8Mp9DXfXrNwZxwBxlI2PbdQVRfEya85gjMYYuxG8CFRJ
        S/w3imMIejaj6etdiSYIP7qp3AMxLm3w4jeqY8v8Wf0xrT6FCLC52+O5uQiG3OCb
        nq717QZ1i3KNtFzBPPUjzotBTjmnCoCmKQ4aLzyMryouOPpyPN41RIXbj0gn4BEe
        kfIf0Tcp0wZVvCV1tMN++8YyItWwicr19TDcUN8iaFyptnUKJlxE6i/diKWBW3B4
        KVRPpIVFAgMBAAECggEABP7pLjc6yZ6Ded42moLLYB0QhEwjPLnZNgAttIyrehYe
        5JC5SvO4nMjtOwOH1Q8FgFa7ngMqrvX2Wwtt9gqY3RxLVx1WaRMTE7bFAsZBm2tQ
        sZzRm9b8Os1clPzdcMADvLadeamWHCsFIQaubGL6Tw2LAHLsWy0JtDgFelzGb/Ml
        DZF31a99MVAgmBPU/qLU3DHRZlrs6xVENNCKiZgbo+yrYlImTnny53R/y9vpqlol
        IrpKyfLHf/5NFSD6feYrIsK1VLze4YlJLsNtZTb7tJfef2XAhpEM8zCxvpv421bl
        k1+ayVWGOHB8MTJOP98YyYFX2wPiubCKfwqBH2cL0QKBgQD1QgsvZBsBE5W4abSq
        iB3D9oTWl6KekC82fHVj7kdEHLYFw/JQNBXFzCl7htH3XGFAHu85J9xYwnKOxhn5
        wJ0scfjkMAPZFco3Z2jAbOdJBHJBbld5obpAZmJFqN4XaVlLP04mGRloBoi26AwV
        Z2m5Q81JRuc04WSMypFMD8xM2QKBgQC7g9qytXz+NRCyCQRv9nsLPZdNKVia/DNr
        Cnpc65qhH0TpdBGa93NDpzuJLnszt1ao16cuvbWlGoqOJHpb8adqRoNQRwM8Kibi
        6Lrn3SQYNHe4/zzKH7/dc8/xJcmzETb45eTlIE1e0DQemjHcakp8SqD1bXCqEKa6
        KKRwxPuoTQKBgHvicGPv3PQeQHJ2cpvxRZfG3jLHRY1yp2aOV32yzqzJE+i1oaCB
        rr3K8ulCoKyiLT2GYrAsQlFTZypXRqexc7MPnvkkh80QBKUXxwHsAKgRZuVGJ0l5
        N+tvzBQDyKtqu4AW6hK0evDg3A4ICJKHOhAq/3cUKZW8hF3ZtKsHD9uBAoGBAKsC
        +FwNSn4n9R75PFPD7bl1pVwYvhcytM4FU00VDgOtmdJzKW80B6oGhTR58KBcryry
        6iSlnViC2SQDPphFzlINFssKyHeBVc+RQowdUULF7v4HwO/xfrC/Y0BhHw8xPvpF
        57fS+tzicvYJ2DlVsrKh+SN7eMmQwA187WNvMrftAoGAZbwF/7krT0sYk+FBOS0c
        9VZDo8ENqz+CMR2+GK8G14KWdueB0JDM5SVLAMhFC/WQMG5cUMMEJcAIuhJVWvQd
        4Zi/zp6s4eXEwPwQz6I8wDPd3xhgMVfZkXw//6hjYtEM6Jmo+Fc9B0FREK9Vi5A0
        D09CSkiNyyAf7PWc/QZh6oA=
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQC9H5J3bA1hziuQ
        AzTjF9AXjJUF8uuRSriaukBd4j6aQzX+HRJ+d3rqZGS1OOoCjptvzO+Rfg3EqSNs
        p7ioR466fYtFLaHEmv8A5zVm3jzoYww8y7FdKnGT9Y48VpjYUeTeGiLG6npnTcpk
        V4ka0+KblQxR0Qo3l6wZk1OT5BDTcvR5ZEEEEAlMiaiqIbJ+Qca1f8GBl5iGdOVF
        DmcktMqEiBSvNRC8FtdwXErFtq8pezkV0m7nMMZClQrxT94fdUnuOl8N3ig5xc4G
        HGaZsmhGZ021ObsSH4RCfN14ZdxoWKjuzs8m7o57spSmD52FVTMmwd54jim/jd4s
        vQKIeqtBAgMBAAECggEAA+ERJ8ZtWtd4AMb0D4FmSQle6CWUq+EAutm9pr9UgeUF
        hz4Q6kuol4SyJR5y/FTw/sDRHCaeAS3n9ltVWAxJsu0OzX8zXX1BZEMZzw+ZZ7na
        XyfdbjgH5t1HStkK3wsE+wJFutdF5fcMQvUhsI1ujTroKwhy4XOIueiR8wtfRfsB
        XPqBBBfLU7xj/B3kfGkfaPJo4YxbebSNM2JvncAbS4z49KIUksdF4D+G0NwHV4u+
        tEEgW0Dz2LjnJW9+zTk7uI6U1b3vNX8kyBalTxrlSbaMdb0gebHEbs93ajEbulfl
        5XcRJW4ziOwngOH9uhwvXYGfhbCWBDlXzEnLbiukwQKBgQDj8zzCRE07PPN8mNKf
        EKZBvy/KpHZLcLuzqhqWfiE8bLkXtC67vdyJkahNs9Jlo12hp1PSgAq3sLmL8jVt
        /tluvEP7Z27GQFmhVgEzq7FD+xFAwkfL8YDbZiP7O2C4fJybmwTB6aaOq4CsdyQD
        yCxX7ZUH5Su+XZaF9IO3oAA1sQKBgQDUZTu7AU8IPBu5a7520/8PEOnHKpgVgwgB
        rIrJbRGF38SbpS084bDfLBaTuvACMIskgDCzFpS7RChdLSm5KtaeJrdr65voV+jD
        2opvlb5ppEFnBTX5034eHB3N4PAERO6dtRyJ+oNgM0iJMaKX3OJ+QHYzNpJS2h0M
        NXHcB9bikQKBgB/wsj/KUEQPq1J3G3QcYh9uSaUMXGL/vd1T5XvW2pNb7KeMoMu/
        s8o29a1FmCKTvIftKUqilF3eznD0lFYAUrk4ehIdESGIXMbFhU+XLDSJVoaLcoH6
        KgMUEdCfJlNTaqJHG2iMc8Ej+NixrQM2pjf/21UK4JFBDdlhRJ+TNNRRAoGASiJn
        nddQGaS5XJgB7AIFBeI2ZyEz4lZRBhyOeM4MDrlTK6yUxKpWDR+bZccbHPiKqJvh
        47CfC1o36IXqCUqtjJgg75dWXNvKUApIxbfztXXyqh3EgEXUwHe543F+9U6GJx/f
        LT32ey6LQ+/CO9WKbNzdJPUIT8j32JoS+uT1mTECgYBfTem4E4dJ62p84BiCmKoP
        ubIxYdBA8nJAy1PTBnMcmxzE+Juvqze7R+ikVrHOlqb8KZ5p7ZKLYA2RyRsy4fLg
        yzjch6IFaz0wtY0t5uUfdsO4gxsx4DvURgZ42aRfZ9t2e2GenwUUZpPxlfoP13UB
        /B+0eouqsh45noWJUulGSw==
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCoavDiiKf57DGF
        mSjYzNSUTqRonFX/pu3OHmob5zEGfLap/2Bk4Dg371Ge+lp1mhStkUwiHE3d83RJ
        6r9BY2AV8+NDcT4nv6HOPzu46Ioj3ALM3Ye+T+e04wBNQy7Uio2r0AHwQleJuhM7
        MZFkajIKcWV9DGHy72k9TcT865rEN1qBOeDShA9EjM6d4ibPfsw6+j9zYlHMKw49
        m3Et9qA+ufhXf2QZp7/HAaZ3sRkJMXa44VCOVI4Dz1EL6HRSqm+KBCkd/M28QIeC
        2BXn6BhtuPwdWA7X/wZtfGypcR8mQyH1BSU3J8fY36W2Qlw/CE/ZBQ62oSpg6Hb9
        dHGggSmrAgMBAAECggEADU3NU4fKBSMUUmJj6KRdko2XzS+0V2qfVG3wod2kcMe/
        QjSLL8zKhBiikPVj2fBe+8sDgZpMyGCn6gLiMs8f0vweEsDKUSeBJ6K1HAk6iFSj
        3/0L8Qus2QwphPDurRl40X6v+IO1GIsbY8ypmI4O/+YvRy6IOkGRRad0DSqrYh6A
        Q2lHQ2thZUjVzuAAE+3bta1j2SimrE6VmgdJptt+NGbnaqaQgVVwfs8n+TMTSrrZ
        3n6ZpvLy1Q5gTAn66OIs3G4P+0K+sfUzbOK7lKytAJJQY6jTdlTWtBZtkyxIHEsO
        EmHGv4f6ck8jDX2tvq7gC9fzsisiHF1X6lBE/FwjIQKBgQDoXoNCIc6KbV6IXyQn
        ytPLLsbH0MeMXebDpYsD+dM0BGoXV2AXqYqjeZ475a7Hs9Y7MWiczTCTduo6phVS
        zx1p29DvKt28N8o649qEi42zMK7eLfLLEiSVDHCsjFRG/MTlZMn9QaQ4/UJSaqWb
        XKyt9DjjqI/nDriX014TfcDZUQKBgQC5i4T9GrJpqO8fcQqx1MEs4gQE70aqe5r7
        GS6n8UaHYXh8ZI4bcEPJ25Kmu5f6HTlhJKXw8h2C+zTVAUe8P4ERa2XK+BRwYFHW
        CXKK0DNYqoFKyYGxMmFKN/8PAWDsHHrOd5zcodvgPM2rSM6WPakVa/FtKbfYMFdR
        jts2GZjUOwKBgC5rUwVPA5ebqZrMhsh8ODsKqSMZjgN4brT+yPqOWaa2iwsGpWeU
        suFdVkLY60Vxo4ZHpIJOaznKM5hrvS7BuTqAcwiUI5+J9Zg2FF0OE8yMGSLBQxNW
        GIC973RIxD06GYtJyyAQkOHhlfIo49RZexV1CDhSYAzkX/PUgaKbKH9BAoGBAKTP
        RiigXxu1X/nYqjw9k/1vIUzU0Ts7ofUqcCPjD9fO/3vWwdejh8M0k3YgqaUT8lTU
        fcWg+g/PXSVbBsIy0k2LzRZV96m+FNL+/0xIFWPLyB6LEPU5n+uSA6/rdJEl1vuw
        iZf8+dabi8B6Ym5XhOovQHrLlK6medlLAHJ0mCjjAoGBAKsDKinfBIKYFIlaHAWf
        xlZ5lUYHIwV6+KK7vo4nsKzwAlQD40NfHZ6b4wIte4i3SPyvz/AabYOIeIlPDouP
        MwZlGbBrNvUFOoO8G6fV9Hc+9jpP6UbWW3i6f0Qovk4uOCiFPqD2FadwKh6oq/cd
        pT6RQxwuLfKwAHt6kS4GEcLJ
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCZQ/gGbzI1hOTI
        EJZ990eaJZMTbjoqavK0tGhkOMKiULxLFYyfBvAkqM8viuX/Dlao9rmPA1JlOBMm
        4yvlVce3gjWaMgrt/H0xHFJBAg4nZHeJR2pURV3IHI+qreEA0vozq9ZgjFjY6snb
        t1olYscU1mYBzH1d4uOEtJQ4auEPGIn1YYCitWkWs32NZrPnef2WZ5USApV6QbU2
        HiMZpAx8cLiX65fvMI7te0B9TvLj/1kNX4CcPXdFoIAyCNsuwTyZzx1Lg5D5cXXc
        qElqmF/YKU0vUUHOu7B+iPz0fhwF6y9gsoCuZ/J+zX+O8tkNA8f47uIql2FPVXAQ
        jIyM5JrDAgMBAAECggEABZmmMRX/D6rmG9P/VmWiss83VePBMauWvWOaLOSmDVLw
        jmMghZm190uecRjyLnpSUE+I7YuBhzv1TIZ1ztDDlhZRPxZ1BR0ktewDABJt0ff/
        JipQiE5rOX9RqzrkmH3HsVD7aau3KLXriku4z4TnIVZ0LmdPwrkiTHG3Y22vAON7
        dh0wIOafHoesxGXHaQhkqyX0ktJ/AbWVsMij6RaX6cw5Jy7P9O4du2fP8m48gKjI
        Vfawiq4lX2APoxKsoCULctIZp3AYKw1K2Q+AqqtNCRCx5hH1vU+K+CVHC0da3O89
        fhscpVdpCZTes3I7kMTImrcnQwCad6EWy7peSHgigQKBgQDXAbM0adAG+qgM4kHR
        H7M0p+/7rMV2LFYWxEKICI08m08wjS1Dxyocdt2gi+0/yjN5tI371/d3G9kbTB3I
        0duMS9U9hziyx9Vzi8ciKY+qklyKpLl22kasj0BIqEa+jt0RTEfhECWZq5nIzo33
        K1lv2Nv1G/xX2kj1isa50suCFwKBgQC2fLviYKfN43FuPNTxKUtOih/TLuNpi5OY
        D/gujWaG246vlrhvH63J0dFvhmL0N3MbWOwwzq0xditG6jt+9hcxdZQxa3JANZY/
        Nq+mc6OJeVtEYkT/fLrUXChKwmjh2lKP0xGriwKprl2XEveEoA9mbsgGMtMuxw5b
        gRZJBBo0NQKBgQDGLGT27Ii3xhVbOribfnJ5GEmUWdzvXVJETcVdCTTVJfnJsHaG
        QG7KKa2BqzeUUlU72nX8KUWI3XwxMulJDlUkbUkxGw/hiVtu0ulKzbAD8j+l8sqX
        h/0YVDlWPvRl89xDc2HVSkK973MhqXEk3ynic6nZtF/Uwff5il49LNQzJQKBgBhH
        4HfuhGVQrfcNAQhVhj+dAT8ILhoNCEZjWZJYHhwzenjChSfD/0urL0K3jtMPzbEF
        0+dqmIDMSFXXNLNf6xYZnu40ba89chBXJmfvWwMfspUWvjeAURuQZ4wK8gmbEwEw
        BFne1Svel3VSgLyUz3fBpbutZ4wB0Fc8hcqRUStBAoGAQAC3nLRZ67bz2djPyI48
        HXaj8b0X/Y3zihcaLD7vG1GNpRjj/+bmyDGRatAC4Bvwbp1TL2AeEKaZCX3107hv
        gVyCazxXi1PYRJlsPNz7xvaaOZa8Fy3U86M5kK0xvOLoFuUo4XY8oz8UNdYBXNAi
        YS2They/g2rSRlsRkPDwfew=
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDHMKxm/odKb8v3
        4JyCdd4PaaXyOCmkEXZYcpKwd2pm34eRawbTE4GL3IVHsgm5mguAQNKFBFv+opia
        TCWjDcFwxTinlkMuJtk7BkyfGdJuBQpNvSLuFuO2VYY4A7hxPHx9PTHkaNFZxsXf
        ZN745lZY2Jhvt2l8r2F8CKsnHYlPc7leinEKgcB+zcA5I7UQucjPipa9q11bE2F9
        BPlAwScrMnUGpwTy1Aqo6dPMgvmIeYRp+kSNps1cgctZovk+CNMI4mssFM2nKJwm
        us9SkypZ/gXqFdDF84rbsmw/tfLAcyuIwrM3yXqyQ4P7d20SZ2AXnyTdP2Csdck2
        KrzmyaBhAgMBAAECggEAMbaTqKbo1Cqf0O81kJfjQpx/Brt+pQyYqU17D+DV5PPv
        7Vq1WtPY9rOkbfbg13o7WZiUEg+6+AvTo1rS3+WMfF00nRrzDF80wzb4w5KZwsyu
        PCWyxJJg5b5ln7BKBbTvawBtZdDFQy9Jbk5KGfu+3DC+ps8zXCOXZHHzaXFFNlc+
        RHrAC3/yYtsJI7mV9hHfQyO5Xbz/xc0jNGO3o5U5AcTZffPa0KncMjQKmrMhkzh2
        TqBaHAApLIrhlr5KBPIzXPFxF3a4++99AAebiTdd1J+/MTiktl5DWQr4RL3O7tTy
        9o9qjPWFLSxMzcPdCPDHAHNsD3trglurpCif0f/uGwKBgQDqumHtq5q+jORwzlyB
        95S+xNzJVisWKcDVMhry6zcMkJdzdrylLTV1Fer7iw9tiGSCcZ3HI5tvqJK9QS+o
        xyUj5TWul/Nzy7F0BYeOb1XbX0AIXHFvQ1taJh5npBYFwFJiuXpFEHq3mRqruP1X
        rMDagFrNs4FUqO5PlOF/A/WUIwKBgQDZPdJ4TSVpNxNXfzUTkPkx379o8nyJiqFI
        GYEbI0cPb9c0Yot97oFzniawJUB89jaeTS5Mn6tTvNapFoz8cdijJ/NayHyXRTi1
        jeWHOisM8mgZYborIy9KxY2cnBfR0eNjP5stQ+zGc9Pl2g6L/WR5cSJCeTxISlEs
        TL3aE3HvqwKBgBsSyk7Gdz+5MnQMaUEYVFC4lhqm1Ktmv3YXpGIWXTAW0VEhBdsr
        XroVgBfpTys8CxO8lQ0t/zSexeYMSbn21kLQoiN0JUFa4inWpW75SnbWAqW0O+Uw
        aK36LZGYrG2XZCk86Wxj3TOl9hyOZrIhG9FX8qE9LhKctXf6XRPwWffvAoGAacSz
        yGanJEbwX9VLXi9jZGjvpIULJVwdkiD4vuG6I0XsnVCtYa7R0Bzb8T7x2uV1SjWB
        qUTEAY0bZk/YbMBxHV7CGR0rq+rD5YEkk2Y6t57+F/2AyqfiyqDMhcdpwXpTH2tE
        fhFoImcab/puwrGoTYhLidnFA91LECp89MQq4OkCgYEAo5fXE4uUQqOZVNBtlWXw
        03bV2xREqWbkCPM+678vJHWJ7bD4p1VD0X3CUU+hPFbuDXePhWam6USF5ugWyn5H
        9/goO8ejB2j65Zi9oZKN6zRChsSBsdnN/TJVe91jxCBEe+OamWnH9EW+UsqMJBSk
        iHV0ZmcWqZczazkAM/rHWko=
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC0IxSXrQA/Mpyz
        mz/GnPzpmKiF7L3Zk9VuQJ0e7vvbgl6/HsoSyx0t4CDmUK3qKJkdy8ZiNBT0bOeT
        XPLAb8VkdZodK27bBsCb6ZJtqhOltJ+dSi2YLEM3sRczir4RMBSlQjfe29FCo6Qz
        WBa1cVA7lNKn1uufSTBrYMN3J/BwR6bqe8cBOAm12jSjmZ2AFTPwntciJ1YU37+7
        4RivzOk6erIJhtq9yFUS+1+ojs2s4xABhcScu+LH7uSX4nSkCGu5m5e8Io8YCZjq
        6RLDLBLSJDn5PBGxAOnr0CrfVyVdHWqcBytq58a3aSETFuR8spBbuOO7osi+GsQR
        FOlLvFArAgMBAAECggEANsLPWMiz4YJuVr9kZOmGjTDmUkhE8qbZZDnqSeQW1oVM
        bkda4Nm0ViTje4CdTijnW0J+XY49rIyK3aaM+WlBFagWoLV6bsUfuoYICKSCcoZ1
        W2iYccFK8dw5FGciHrGCJTb7KxmiBOMgYKdvx9rZrDMy0ukoGfUy7gGtikSu+EKb
        9qiT0vXRH3nvXAH9lVSdxJJ1xu/b7lErnqInObC7vNtmhcJ4C55onxvcT8QHbrFM
        tFss3Z6tIA/itNpkbgvxhSTjeRhyoJRihsVzeiGZmgCa5VZ9GywIVv1ROzy8Iouk
        3ETmxRKq0KiZLOsbkn2wPysrfnfnT3L+VL57TTzuKQKBgQD5haL1YTxO97N+gjSx
        I/MH+781saY/9RXi5cWcbkuZdAcKKUY+OWoglHFWd3Ooqp4ryPN61PEXOcofMwyE
        zVJWtjDu21+L7+n7xCq68OeePSVFMlLfla6VqUjAXBHszOrfkkJzvnbD/gAajbwj
        TiSxb1urXZjT6QhUlc+2s+i8rwKBgQC40EzUnKjwcyXquVxEmx54RGIWOSP7GXcc
        5LukmvAetVWicEg/GaxJx3q9WKBqrqk6V7HEPQ/0SptPdv2gEEWnn+r+BM44e0+R
        FWw4CYGcBauXEQjZ4vmSPtUtn/a0thScik4DeROVZZMzFs6Pgs4IFP0i3KpSE44a
        Ap2+JFUbRQKBgD8H1flcParJAYuEgqD4rsymeE+s940ScRvm5Ps2FVzHJXwYnwja
        4gcm2FZ6SDokF16CHZc6sUgnrfohoBjv8Mu8rDG6MrGbwiR6Ej00251qXr7TDoIy
        Qm7F233UBCcoQHCHdsfcJg4uXIJYqVzVwYkc0zA/rXpiVFthmJ3TZog7AoGBAK55
        B29YjiyhqFQVtcOW5YcIl8j/HLa67bY7QeI92x5CdpupgKsBY6MrTPZgKuFMDrrj
        exEVzHAF1uWIIhvwALIkyMYSZ1TvJMiE/utQHinbOIifLkn0e0PTSZGPCGrF0mOO
        NeQVc6WAhRygFVVqWXNLzUYSKEDf8TEg8yZESow5AoGAZ/riWrdAKYK/QHtiGDeL
        V2TfBtnw+BdgIDz/k/lpWhrDzRzggfqX/FHKxm0tDphS2JoT95TkS4ElEa+ybSsE
        d/YWWxrFCWCnOZXKZwA3drb7GR0Q7bd8BBNsHZ712+ObsLqaKK34qOFPLO3/G8r0
        dgFkgeaVgPbw4jEk/19aspk=
        -----END PRIVATE KEY-----
        """,
    ]
    /// p256 keys.
    static let p256: [String] = [
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgY+jHRGNhpNdVkCq+
        WYRHgG5Lf3+mshFkKfeKiYmkcxShRANCAATRfhuJfZ3AXEJWCu8vd3F+qxJrX0tv
        ExAt65zarR9wB/mT64kQLRla3Vre1pn+ktHFOTEeKtuPjQaQG0hNvVcK
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgplVLFliW1BomG5zm
        RBzf/fOm/RIUgzsCIFwqlGKKc12hRANCAASkshHDXmBFqAgdJc2S5q7joDJjJh5p
        BD/HwOQsBoEyzp7kejAo0V1lklC8ambjw8I9gg6rkRAsPhNeTS6dMWFA
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgumXnrQJ1kOUq0ZyC
        PEeNZyFaZ0SgWYafKoqjetJJi+GhRANCAATZQA1hf7AvEPDjLooAK+WhsXPhzEIV
        Ps/h3mMIrZKYDzCZCoAvhnaTIWzMmjRJ0bC5MLFoAw6wIAbiQN5ZG43P
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmU0kCt2NYebKI+K3
        F04zaGPq2N3IA28+ydBc0GcNza6hRANCAATAWbfupaq+qhwUa4loWBbq+YgENQdL
        no4RSR52qJwrop0nBxCME4jBsTtcn1Klw81EUxFsU+SYFy8i5BwxCWgi
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgpTB2VJmP8aZWrDaV
        5/WB4i6qOpGxBGs9l16ragqYwxGhRANCAASp0Ety2FY7y3yWdgDDF86n+QPvszxc
        TYjrNwUW0/hU03xA+lfOlMRw4+UitGLZSN4t2rEbDLLBV+x5nGPKoQj/
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg6IlO6WBiKwmnD2Td
        ZhaAWyOzW3s0m5H/inx1wf1nC3GhRANCAAQrrZyfk5Q5EN0rZeuLV/NL0ZJh/vtx
        0jDgLs3Xa4WivIPcDm+c3MBHnJ3pRP9B83fPczas0cWIltlgruaqTy5o
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgxnqQefTIpr/nF6/U
        rn25N6zUs1A8EOqFND+Ll98WHg2hRANCAAR9uIH2KNbSzma+wqopz2Basf5Hypvq
        lQkRtZaJPVgyGDa9ZQdkRUirsgFP/bukM/sal0ju+IFj5LODhcDEp976
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg3SAil4XGintUWEk5
        b165Ao+gH0VObWmS3qQaXfvvfU+hRANCAASerbQEIspreVgXlAKk+720EXVf+jo8
        ZFzRoBh+8GyxLH0alMyx2X+imxDrR8uZYjkJ4XyKXmjW7hlo2e2EtYJI
        -----END PRIVATE KEY-----
        """,
    ]
    /// ed25519 keys.
    static let ed25519: [String] = [
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIGdZb2n+NK2gPD2tIIwOspLu4nlJuTdd+hJrV53R+maa
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIFyoOn5zvJKjOXfrbB09xR3To8FGHNU+b5NgRfn8fmdt
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIEv1QBWPzwwDOAjn+wHYJ8bU1v7WHTq4CQOGtgcRwJzh
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIN7xYkbU6Q0cAuBpEYAHwKksmK3RbAefbpbndeDPoF8v
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJGsbWDJHcEp3TXgigu6ASL2Ih9Yjuw/YagTj/qem4Dg
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIHn4Df8n7vzE4BQiHO0Doy23UKrGy1qudRJwJvVUcN3e
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEINhJLQ/meT3fKBM0X+K8uWSR6TmlWsls/MusutmjwIxG
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIF1aVW3lGAP+P8iJ8xigLBLLu4bNBJ5hlNMD+E1MPNrL
        -----END PRIVATE KEY-----
        """,
    ]
}

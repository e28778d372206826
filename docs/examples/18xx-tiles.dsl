yellow:
7: path=a:0,b:1
8: path=a:0,b:2
9: path=a:0,b:3
57: city=revenue:20;path=a:0,b:_0;path=a:_0,b:3
green:
14: city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0
15: city=revenue:30,slots:2;path=a:0,b:_0;path=a:4,b:_0;path=a:3,b:_0;path=a:5,b:_0
